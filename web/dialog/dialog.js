// biome-ignore-all format: tables and word lists read better packed than one item a line
// The hosted dialog in the browser: renders the state the server sends, appends new messages to the
// log (so screen readers announce them), and sends files and answers. No framework, no network
// access beyond Dossier itself; every text comes from the server in the user's language.
const boot = JSON.parse(document.getElementById('boot').textContent);
const T = boot.texts;
const tr = (key, params = {}) => (T[key] ?? key).replace(/\{(\w+)\}/g, (w, n) => (params[n] ?? w));
let view = boot.view;
const id = view.conversation_id;
const lang = view.lang;
const $ = (sel) => document.getElementById(sel);
/** A touch screen without a mouse: there is nothing to drag files with. */
const touch = window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches;
const log = $('log');
const composer = $('composer');
const status = $('status');
const ACCEPT = /\.(pdf|png|jpe?g|tiff?|webp)$/i;
const ACCEPT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'image/webp'];
let shownStep = null;
let poll = null;

/** Builds an element: el('p', {class: 'x'}, 'text', child…). Text is always text, never markup. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

const api = (path) => `/dialog/api/${encodeURIComponent(id)}${path}?lang=${lang}`;
const stepPath = (key, what) => `/steps/${encodeURIComponent(key)}/${what}`;

function say(text) {
  status.textContent = '';
  setTimeout(() => (status.textContent = text), 50);
}

function errorText(res, body) {
  if (!res) return tr('page.error_network');
  if (res.status === 429) return tr('page.error_rate');
  if (res.status === 409) return tr('page.error_stale');
  if (res.status >= 500) return tr('page.error_generic');
  return (body && body.message) || tr('page.error_generic');
}

/** Sends a JSON request (POST with a body, GET without; `method` for others); on success renders the new state and returns the body. */
async function call(path, body, errorEl, method) {
  let res = null;
  let data = null;
  try {
    const init = method ? { method } : body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    res = await fetch(api(path), init);
    data = await res.json().catch(() => null);
  } catch {
    res = null;
  }
  if (res && res.ok && data) {
    update(data.view);
    return data;
  }
  if (errorEl) errorEl.textContent = errorText(res, data);
  if (res && res.status === 409) refresh();
  return null;
}

const refresh = () => call('/state');

function messageNode(m) {
  return el(
    'li',
    { class: `msg from-${m.from}${m.tone ? ` tone-${m.tone}` : ''}`, 'data-id': m.id },
    el('span', { class: 'sr-only' }, `${tr(m.from === 'user' ? 'author.user' : 'author.dossier')}: `),
    m.title ? el('p', {}, el('strong', {}, m.title)) : null,
    m.text.split('\n').map((line) => el('p', {}, line)),
    m.facts && m.facts.length ? el('dl', { class: 'facts' }, m.facts.map((f) => [el('dt', {}, f.label), el('dd', {}, f.value)])) : null,
    m.list ? el('ul', {}, m.list.map((x) => el('li', {}, x))) : null,
    (m.lines || []).map((line) => el('p', {}, line)),
  );
}

/** Brings the log in line with the state: new messages in their place, changed ones replaced, gone ones removed. */
function renderLog() {
  const have = new Map([...log.children].map((n) => [n.dataset.id, n]));
  const keep = new Set(view.messages.map((m) => m.id));
  for (const [key, n] of have) if (!keep.has(key)) n.remove();
  let before = null;
  for (const m of view.messages) {
    const node = messageNode(m);
    const old = have.get(m.id);
    if (old && keep.has(m.id) && old.isConnected) {
      if (old.textContent !== node.textContent) old.replaceWith(node);
      else {
        before = old;
        continue;
      }
    } else {
      // Only messages that arrive after the page is shown are animated in.
      if (log.dataset.shown) node.classList.add('new');
      if (before) before.after(node);
      else log.prepend(node);
    }
    before = node;
  }
}

function textForm({ label, name, value = '', rows, send, onSend, error, cancel, input }) {
  const fieldId = `f-${name}`;
  const errId = `${fieldId}-error`;
  const field = input
    ? el('input', { type: 'text', id: fieldId, name, inputmode: 'url', autocomplete: 'url', 'data-draft': name, 'aria-describedby': errId, spellcheck: 'false' })
    : el('textarea', { id: fieldId, name, rows: rows || 5, 'data-draft': name, 'aria-describedby': errId });
  field.value = value;
  const err = el('p', { class: 'error', id: errId, role: 'alert' }, error || '');
  const form = el(
    'form',
    {
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const button = form.querySelector('button[type=submit]');
        if (button.getAttribute('aria-busy') === 'true') return;
        button.setAttribute('aria-busy', 'true');
        err.textContent = '';
        const refused = await onSend(field.value, err);
        button.removeAttribute('aria-busy');
        // The answer may have re-rendered the form: show the reason on the form now on the page.
        const now = $(fieldId);
        if (refused && now) {
          now.closest('form').hidden = false;
          $(errId).textContent = refused;
          now.focus();
        }
      },
    },
    el('label', { for: fieldId }, label),
    field,
    err,
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'primary' }, send), cancel || null),
  );
  return form;
}

/** What the user chose in a form step, kept while the page re-renders (a refused form keeps its answers). */
const formDrafts = new Map();

/** A form step (declarations, questionnaire): one fieldset per group, conditions shown and hidden as answers change. */
function formStep(step) {
  const spec = step.form;
  const draft = formDrafts.get(step.key) || {};
  const errId = `form-${step.key}-error`;
  const err = el('p', { class: 'error', id: errId, role: 'alert', tabindex: '-1' }, step.rejection || '');
  let n = 0;
  const shownValue = (f) => (f.name in draft ? draft[f.name] : f.value);
  const control = (f, inline) => {
    const base = `q${++n}`;
    const hintId = f.hint ? `${base}-hint` : null;
    const hint = f.hint ? el('p', { class: 'hint', id: hintId }, f.hint) : null;
    const v = shownValue(f);
    if (f.control === 'radio' || f.control === 'checkbox') {
      const chosen = Array.isArray(v) ? v : [v];
      const options = f.options.map((o, i) =>
        el('div', { class: 'choice' }, el('input', { type: f.control, id: `${base}-${i}`, name: f.name, value: o.value, checked: chosen.includes(o.value), 'aria-describedby': hintId || undefined }), el('label', { for: `${base}-${i}` }, o.label)),
      );
      return inline ? [hint, options] : el('fieldset', { class: 'question' }, el('legend', {}, f.label), hint, options);
    }
    const attrs = { id: base, name: f.name, 'aria-describedby': hintId || undefined, required: f.required };
    const field = f.control === 'select' ? el('select', attrs, f.options.map((o) => el('option', { value: o.value, selected: o.value === v }, o.label))) : f.control === 'textarea' ? el('textarea', { ...attrs, rows: 4 }) : el('input', { ...attrs, type: 'text', ...(f.input ? { inputmode: f.input.inputmode, autocomplete: f.input.autocomplete, spellcheck: 'false' } : { autocomplete: 'off' }) });
    if (f.control !== 'select') field.value = Array.isArray(v) ? v.join('\n') : v;
    return el('div', { class: 'field' }, el('label', { for: base }, f.label), hint, field);
  };
  const groups = spec.groups.map((g) => {
    const set = el('fieldset', { class: 'group', 'data-show-name': g.show_if ? g.show_if.name : undefined, 'data-show-equals': g.show_if ? g.show_if.equals : undefined }, el('legend', {}, g.legend));
    for (const f of g.fields) set.append(...[control(f, g.fields.length === 1 && f.label === g.legend)].flat(2).filter(Boolean));
    return set;
  });
  const values = (form) => {
    const out = {};
    for (const g of spec.groups) {
      for (const f of g.fields) {
        const inputs = [...form.elements].filter((x) => x.name === f.name);
        if (f.control === 'checkbox') out[f.name] = inputs.filter((x) => x.checked).map((x) => x.value);
        else if (f.control === 'radio') out[f.name] = (inputs.find((x) => x.checked) || { value: '' }).value;
        else out[f.name] = inputs[0] ? inputs[0].value : '';
      }
    }
    return out;
  };
  const conditions = (form) => {
    const v = values(form);
    for (const set of form.querySelectorAll('fieldset[data-show-name]')) {
      const have = v[set.dataset.showName];
      set.hidden = !(Array.isArray(have) ? have.includes(set.dataset.showEquals) : have === set.dataset.showEquals);
    }
  };
  const form = el(
    'form',
    {
      novalidate: true,
      'aria-describedby': errId,
      onchange: () => conditions(form),
      onsubmit: async (e) => {
        e.preventDefault();
        const button = form.querySelector('button[type=submit]');
        if (button.getAttribute('aria-busy') === 'true') return;
        button.setAttribute('aria-busy', 'true');
        err.textContent = '';
        const v = values(form);
        // Answers of questions that are hidden by a condition are not sent.
        for (const set of form.querySelectorAll('fieldset[data-show-name]')) if (set.hidden) for (const x of set.querySelectorAll('[name]')) delete v[x.name];
        formDrafts.set(step.key, v);
        const r = await call(stepPath(step.key, 'form'), { values: v }, err);
        button.removeAttribute('aria-busy');
        if (r && r.rejected && $(errId)) {
          $(errId).textContent = r.rejected;
          $(errId).focus();
        }
      },
    },
    groups,
    err,
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'primary' }, spec.send)),
  );
  conditions(form);
  return form;
}

/** The "I don't have it" form, hidden behind a button. */
function missingBlock(step) {
  const wrap = el('div');
  const open = el('button', { type: 'button', class: 'link', 'aria-expanded': 'false' }, tr(step.kind === 'url' ? 'website.none' : 'upload.missing'));
  const form = textForm({
    label: tr('upload.missing_label'),
    name: `skip-${step.key}`,
    rows: 3,
    send: tr('upload.missing_send'),
    cancel: el('button', { type: 'button', class: 'link', onclick: () => toggle(false) }, tr('upload.cancel')),
    onSend: async (text, err) => (await call(stepPath(step.key, 'skip'), { reason: text }, err))?.rejected,
  });
  form.hidden = true;
  const toggle = (on) => {
    form.hidden = !on;
    open.hidden = on;
    open.setAttribute('aria-expanded', String(on));
    (on ? form.querySelector('textarea') : open).focus();
  };
  open.addEventListener('click', () => toggle(true));
  wrap.append(open, form);
  return wrap;
}

function findingBlock(step, f) {
  const box = el('div', { class: 'finding' }, el('p', {}, f.message));
  if (f.explained) {
    box.append(el('p', { class: 'done-note' }, tr('findings.explained')));
    return box;
  }
  const form = textForm({
    label: tr('findings.explain_label'),
    name: `exp-${f.issue_id}`,
    rows: 3,
    send: tr('findings.explain_send'),
    onSend: async (text, err) => {
      const r = await call(stepPath(step.key, 'explanations'), { issue_id: f.issue_id, text }, err);
      if (r && !r.rejected) say(tr('findings.explained'));
      return r?.rejected;
    },
  });
  form.hidden = true;
  const open = el('button', { type: 'button', 'aria-expanded': 'false' }, tr('findings.explain'));
  open.addEventListener('click', () => {
    form.hidden = false;
    open.hidden = true;
    open.setAttribute('aria-expanded', 'true');
    form.querySelector('textarea').focus();
  });
  box.append(open, form);
  return box;
}

/** "Remove" for a file sent by mistake: it leaves the step before the step is finished. */
function removeButton(step, f, error) {
  const button = el('button', { type: 'button', class: 'link remove', 'aria-label': tr('upload.remove_label', { file: f.file_name }) }, tr('upload.remove'));
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    error.textContent = '';
    const r = await call(`${stepPath(step.key, 'files')}/${encodeURIComponent(f.document_id)}`, undefined, $('upload-error'), 'DELETE');
    button.removeAttribute('aria-busy');
    if (!r) return;
    say(tr('upload.removed', { file: f.file_name }));
    $('file-input')?.focus();
  });
  return button;
}

function uploadStep(step) {
  const error = el('p', { class: 'error', role: 'alert', id: 'upload-error' });
  const sending = el('div', { class: 'sending-list' });
  const input = el('input', { type: 'file', id: 'file-input', multiple: true, accept: `${ACCEPT_TYPES.join(',')},.pdf,.png,.jpg,.jpeg,.tif,.tiff,.webp`, 'aria-describedby': 'upload-hint upload-error' });
  input.addEventListener('change', () => send([...input.files], step, error, sending).then(() => (input.value = '')));
  const drop = el(
    'div',
    { class: 'drop' },
    el('label', { for: 'file-input' }, touch ? tr('upload.drop_touch') : tr('upload.drop'), el('br'), el('span', { class: 'as-button', 'aria-hidden': 'true' }, tr('upload.choose'))),
    input,
  );
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    send([...e.dataTransfer.files], step, error, sending);
  });
  const camera = matchMedia('(pointer: coarse)').matches
    ? el('div', { class: 'camera' }, el('input', { type: 'file', id: 'camera-input', accept: 'image/*', capture: 'environment', onchange: (e) => send([...e.target.files], step, error, sending) }), el('label', { for: 'camera-input' }, tr('upload.camera')))
    : null;
  const files = step.files.length
    ? el(
        'ul',
        { class: 'files' },
        step.files.map((f) =>
          el(
            'li',
            { class: 'file' },
            el('div', { class: 'file-row' }, el('span', { class: 'file-name' }, f.file_name), removeButton(step, f, error)),
            f.checking ? el('p', { class: 'hint' }, tr('upload.checking', { file: f.file_name })) : null,
            f.findings.map((x) => findingBlock(step, x)),
          ),
        ),
      )
    : null;
  const unexplained = step.files.some((f) => f.findings.some((x) => !x.explained));
  const next = el('button', { type: 'button', class: 'primary', id: 'continue' }, tr('upload.continue'));
  next.addEventListener('click', async () => {
    if (!view.step.files.length) return void (error.textContent = tr('upload.need_file'));
    if (view.step.files.some((f) => f.checking)) return void (error.textContent = tr('upload.wait_checks'));
    next.setAttribute('aria-busy', 'true');
    await call(stepPath(step.key, 'continue'), {}, error);
    next.removeAttribute('aria-busy');
  });
  return [
    files,
    unexplained ? el('p', { class: 'hint' }, tr('findings.ways')) : null,
    drop,
    camera,
    el('p', { class: 'hint', id: 'upload-hint' }, tr('upload.hint', { size: boot.maxFileLabel })),
    sending,
    error,
    el('div', { class: 'actions' }, next),
    step.can_skip ? missingBlock(step) : null,
  ];
}

/** Checks files here first (type, size), then sends them one by one with a progress bar each. */
async function send(list, step, error, sending) {
  error.textContent = '';
  const problems = [];
  for (const file of list) {
    if (!ACCEPT_TYPES.includes(file.type) && !ACCEPT.test(file.name)) problems.push(tr('upload.error_type', { file: file.name }));
    else if (file.size === 0) problems.push(tr('upload.error_empty', { file: file.name }));
    else if (file.size > boot.maxFileBytes) problems.push(tr('upload.error_size', { file: file.name, size: `${(file.size / 1048576).toFixed(1)} MB`, limit: boot.maxFileLabel }));
    else await sendOne(file, step, problems, sending);
  }
  error.textContent = problems.join(' ');
  schedulePoll();
}

function sendOne(file, step, problems, sending) {
  return new Promise((resolve) => {
    const bar = el('progress', { max: '100', value: '0', 'aria-label': tr('upload.sending', { file: file.name }) });
    const row = el('div', { class: 'sending' }, el('span', {}, tr('upload.sending', { file: file.name })), bar);
    sending.append(row);
    say(tr('upload.sending', { file: file.name }));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api(stepPath(step.key, 'files')));
    xhr.upload.addEventListener('progress', (e) => e.lengthComputable && (bar.value = Math.round((e.loaded / e.total) * 100)));
    xhr.addEventListener('loadend', () => {
      row.remove();
      let data = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 200 && data) {
        update(data.view);
        say(tr('upload.checking', { file: file.name }));
      } else {
        const reason =
          xhr.status === 415 ? tr('upload.error_type', { file: file.name }) : xhr.status === 413 ? tr('upload.error_size', { file: file.name, size: '', limit: boot.maxFileLabel }) : null;
        problems.push(reason || tr('upload.error_server', { file: file.name, reason: errorText(xhr.status ? { status: xhr.status } : null, data) }));
      }
      resolve();
    });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function answerStep(step) {
  return textForm({
    label: tr(step.kind === 'url' ? 'website.label' : 'answer.label'),
    name: `answer-${step.key}`,
    value: step.draft,
    input: step.kind === 'url',
    send: tr('answer.send'),
    error: step.rejection,
    onSend: async (text, err) => (await call(stepPath(step.key, 'answer'), { text }, err))?.rejected,
  });
}

function summaryBlock() {
  const error = el('p', { class: 'error', role: 'alert' });
  const submit = el('button', { type: 'button', class: 'primary', id: 'submit' }, tr('summary.submit'));
  submit.addEventListener('click', async () => {
    submit.setAttribute('aria-busy', 'true');
    const r = await call('/submit', {}, error);
    submit.removeAttribute('aria-busy');
    if (r && r.view.status === 'completed') finished();
  });
  return [
    el('h2', { id: 'step-title', tabindex: '-1' }, tr('summary.title')),
    el(
      'dl',
      { class: 'summary' },
      view.summary.map((s) => [
        el('dt', {}, s.title),
        s.lines.map((line) => el('dd', {}, line)),
        el('dd', {}, el('button', { type: 'button', class: 'link', 'aria-label': tr('summary.change_label', { title: s.title }), onclick: () => call(stepPath(s.key, 'reopen'), {}, error) }, tr('summary.change'))),
      ]),
    ),
    el('p', { class: 'hint' }, tr('summary.submit_hint')),
    error,
    el('div', { class: 'actions' }, submit),
  ];
}

/** Tells the embedding page, and only the origins allowed for this client, that the dialog is done. */
function finished() {
  if (window.parent === window) return;
  for (const origin of boot.origins) window.parent.postMessage({ source: 'dossier', event: 'chat_finished', conversation_id: id, status: 'completed' }, origin);
}

function renderComposer() {
  const step = view.step;
  const signature = step ? `step:${step.key}` : view.summary ? 'summary' : 'done';
  // Drafts typed into open forms survive a re-render (polling while files are checked).
  const drafts = new Map([...composer.querySelectorAll('[data-draft]')].map((n) => [n.dataset.draft, { value: n.value, open: !n.closest('form').hidden }]));
  const focused = document.activeElement && composer.contains(document.activeElement) ? document.activeElement.id : null;
  let body;
  if (step) {
    body = [el('h2', { id: 'step-title', tabindex: '-1' }, step.title), el('p', { class: 'prompt' }, step.prompt), step.kind === 'upload' ? uploadStep(step) : step.kind === 'form' ? formStep(step) : [answerStep(step), step.can_skip ? missingBlock(step) : null]];
  } else if (view.summary) body = summaryBlock();
  else body = [el('h2', { id: 'step-title', tabindex: '-1' }, tr('page.done_title')), el('p', {}, tr('page.done_body'))];
  composer.replaceChildren(...body.flat(2).filter(Boolean));
  if (signature === shownStep) {
    for (const n of composer.querySelectorAll('[data-draft]')) {
      const d = drafts.get(n.dataset.draft);
      if (!d) continue;
      n.value = d.value;
      const form = n.closest('form');
      if (d.open && form.hidden) {
        form.hidden = false;
        const opener = form.previousElementSibling;
        if (opener && opener.tagName === 'BUTTON') opener.hidden = true;
      }
    }
    if (focused && $(focused)) $(focused).focus();
  } else if (shownStep !== null) {
    showHeading();
  }
  shownStep = signature;
}

/** Focuses the current step's heading and brings it into view below the sticky header (its scroll-margin-top). */
function showHeading(scroll = true) {
  const heading = $('step-title');
  if (!heading) return;
  heading.focus({ preventScroll: true });
  if (scroll) heading.scrollIntoView({ block: 'start' });
}

/** The sticky header's height, for the headings' scroll-margin-top (it grows with a logo or on a narrow screen). */
function trackHeader() {
  const header = document.querySelector('header.top');
  if (!header) return;
  const set = () => document.documentElement.style.setProperty('--header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
  set();
  if ('ResizeObserver' in window) new ResizeObserver(set).observe(header);
}

function update(next) {
  view = next;
  $('progress').max = view.progress.total;
  $('progress').value = view.progress.current;
  $('progress-label').textContent = view.progress.label;
  renderLog();
  renderComposer();
  schedulePoll();
}

function schedulePoll() {
  clearTimeout(poll);
  if (view.step && view.step.files.some((f) => f.checking)) poll = setTimeout(refresh, 800);
}

trackHeader();
update(view);
log.dataset.shown = 'yes';
// The current step's heading has the focus. Back after a break, the page shows where the conversation
// stands rather than its beginning; on a first visit it stays at the greeting.
showHeading(view.messages.length > 1);
