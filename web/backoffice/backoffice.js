// Dossier back office: progressive enhancement only. Every page works without this script; with it,
// links copy with one click and the follow-up form shows only what fits the chosen kind.
(function () {
  function copyFrom(button) {
    var input = document.getElementById(button.getAttribute('data-copy'));
    if (!input) return;
    var done = function () {
      var before = button.textContent;
      button.textContent = 'Copied';
      button.setAttribute('aria-live', 'polite');
      setTimeout(function () {
        button.textContent = before;
      }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {
        input.select();
      });
    } else {
      input.select();
      try {
        if (document.execCommand('copy')) done();
      } catch {
        /* the text stays selected for Ctrl+C */
      }
    }
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var copy = target.closest('[data-copy]');
    if (copy) {
      event.preventDefault();
      copyFrom(copy);
      return;
    }
    var add = target.closest('[data-add-row]');
    if (add) {
      event.preventDefault();
      addRow(add);
    }
  });

  // Follow-up form: a new empty row of documents or questions, with fresh ids for its labels.
  var rowCount = 100;
  function addRow(button) {
    var set = button.closest('fieldset');
    var rows = set ? set.querySelectorAll('.repeat-row') : [];
    if (!rows.length) return;
    var copy = rows[rows.length - 1].cloneNode(true);
    rowCount += 1;
    copy.querySelectorAll('input, textarea').forEach(function (field) {
      var id = field.name + '_' + rowCount;
      var label = copy.querySelector('label[for="' + field.id + '"]');
      field.id = id;
      field.value = '';
      if (label) label.setAttribute('for', id);
    });
    set.insertBefore(copy, button);
    var first = copy.querySelector('input, textarea');
    if (first) first.focus();
  }

  // Only the modules of the chosen kind are shown and sent; without this script both lists show
  // and the server explains a module that does not fit.
  function showKind(form) {
    var chosen = form.querySelector('input[name="case_kind"]:checked');
    if (!chosen) return;
    form.querySelectorAll('fieldset[data-kind]').forEach(function (set) {
      var on = set.getAttribute('data-kind') === chosen.value;
      set.hidden = !on;
      set.querySelectorAll('input, textarea, select, button').forEach(function (field) {
        field.disabled = !on;
      });
    });
  }
  document.querySelectorAll('form.follow-up-form').forEach(function (form) {
    showKind(form);
    form.addEventListener('change', function (event) {
      if (event.target instanceof Element && event.target.hasAttribute('data-kind-switch')) showKind(form);
    });
  });
})();
