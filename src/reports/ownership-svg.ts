// The ownership chart as inline SVG (no scripts, no external resources, no style element, so a
// strict style-src policy leaves it intact), with a text alternative: used by the web report and
// the back office's case view.
import { escapeHtml } from '../lib/html-escape.ts';
import { CHART, formatStake, layoutOwnership, ownershipSentences, type ChartNode, type OwnershipData } from './ownership.ts';

const STYLE = {
  company: { fill: '#ffffff', stroke: '#475467' },
  main: { fill: '#e0ecfb', stroke: '#0b3d7a' },
  person: { fill: '#dcf3e4', stroke: '#1e7b45' },
  unknown: { fill: '#f3f4f6', stroke: '#667085' },
};

function kindLabel(node: ChartNode): string {
  const kind = node.main ? 'Main company' : node.type === 'person' ? 'Person' : node.type === 'company' ? 'Company' : 'Not in the case';
  return node.country_code ? `${kind} · ${node.country_code}` : kind;
}

function drawNode(node: ChartNode): string {
  const style = node.main ? STYLE.main : STYLE[node.type];
  const { nodeWidth: w, nodeHeight: h } = CHART;
  const rx = node.type === 'person' ? 22 : 4;
  const dash = node.type === 'unknown' ? ' stroke-dasharray="4 3"' : '';
  const cx = node.x + w / 2;
  const firstY = node.y + (node.lines.length > 1 ? 17 : 22);
  const text = node.lines
    .map((line, i) => `<text x="${cx}" y="${firstY + i * 14}" text-anchor="middle" font-size="12" fill="#1a1a1a"${node.main ? ' font-weight="700"' : ''}>${escapeHtml(line)}</text>`)
    .join('');
  return [
    `<g class="oc-node"><title>${escapeHtml(`${node.name} (${kindLabel(node)})`)}</title>`,
    `<rect x="${node.x}" y="${node.y}" width="${w}" height="${h}" rx="${rx}" fill="${style.fill}" stroke="${style.stroke}" stroke-width="${node.main ? 2.5 : 1.25}"${dash}/>`,
    text,
    `<text x="${cx}" y="${node.y + h - 7}" text-anchor="middle" font-size="10" fill="#4a4a4a">${escapeHtml(kindLabel(node))}</text>`,
    '</g>',
  ].join('');
}

/** The chart alone: an `<svg>` element scaled to its container. */
export function ownershipSvg(data: OwnershipData, idPrefix = 'oc'): string {
  const layout = layoutOwnership(data);
  const sentences = ownershipSentences(data);
  const title = `${idPrefix}-title`;
  const desc = `${idPrefix}-desc`;
  const marker = `${idPrefix}-arrow`;
  const edges = layout.edges
    .map((e) => {
      const labelWidth = e.label.length * 6.6 + 10;
      return [
        `<line x1="${e.x1}" y1="${e.y1}" x2="${e.x2}" y2="${e.y2}" stroke="#475467" stroke-width="1.25" marker-end="url(#${marker})"/>`,
        `<rect x="${e.lx - labelWidth / 2}" y="${e.ly - 9}" width="${labelWidth}" height="17" rx="3" fill="#ffffff" stroke="#98a2b3" stroke-width="0.75"/>`,
        `<text x="${e.lx}" y="${e.ly + 4}" text-anchor="middle" font-size="11" font-weight="600" fill="#1a1a1a">${escapeHtml(e.label)}</text>`,
      ].join('');
    })
    .join('\n');
  const description = sentences.holdings.length ? `${sentences.holdings.join('. ')}.` : 'No shareholders are known.';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="ownership-chart" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="img" aria-labelledby="${title} ${desc}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif">`,
    `<title id="${title}">Ownership chart</title>`,
    `<desc id="${desc}">${escapeHtml(description)}</desc>`,
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475467"/></marker></defs>`,
    edges,
    layout.nodes.map(drawNode).join('\n'),
    '</svg>',
  ].join('\n');
}

/** The chart with its text alternative: the holdings and the ultimate beneficial owners as tables. */
export function ownershipFigure(data: OwnershipData, idPrefix = 'oc'): string {
  const name = (id: string) => data.entities.find((e) => e.entity_id === id)?.name ?? `Unknown entity ${id}`;
  const holdings = data.shareholdings.length
    ? [
        '<table class="holdings"><caption>Shareholdings</caption>',
        '<thead><tr><th scope="col">Shareholder</th><th scope="col" class="num">Holds</th><th scope="col">In</th></tr></thead><tbody>',
        ...data.shareholdings.map((s) => `<tr><td>${escapeHtml(name(s.owner_id))}</td><td class="num">${escapeHtml(formatStake(s.ownership))}</td><td>${escapeHtml(name(s.owned_id))}</td></tr>`),
        '</tbody></table>',
      ].join('\n')
    : '<p>No shareholders are known for this company yet.</p>';
  const ubos = data.ubos.length
    ? [
        '<table class="ubos"><caption>Ultimate beneficial owners</caption>',
        '<thead><tr><th scope="col">Person</th><th scope="col" class="num">Effective ownership</th></tr></thead><tbody>',
        ...data.ubos.map((u) => `<tr><td>${escapeHtml(name(u.person_entity_id))}</td><td class="num">${escapeHtml(formatStake(u.effective_ownership))}</td></tr>`),
        '</tbody></table>',
      ].join('\n')
    : '<p>No ultimate beneficial owners are known yet.</p>';
  return [
    `<figure class="ownership"><div class="ownership-scroll">${ownershipSvg(data, idPrefix)}</div>`,
    '<figcaption>Owners above what they own; stakes on the arrows.</figcaption></figure>',
    holdings,
    ubos,
  ].join('\n');
}
