// The ownership chart of a case, worked out once for the web report, the PDF reports and the
// back office: the owners reached from the main company through `shareholders`, their stakes, the
// ultimate beneficial owners, and a layered layout (owners above what they own). Pure.

export type Stake = { fraction: number } | { range: [number, number] };

export interface OwnershipEntity {
  entity_id: string;
  type: 'company' | 'person';
  name: string;
  country_code: string | null;
}

export interface OwnershipData {
  main_entity_id: string;
  entities: OwnershipEntity[];
  /** Direct holdings: `owner_id` holds `ownership` of `owned_id`. */
  shareholdings: { owner_id: string; owned_id: string; ownership: Stake }[];
  /** Natural persons at the end of the chains, with their stake through every path. */
  ubos: { person_entity_id: string; effective_ownership: Stake }[];
}

/** The fields of the spec's entity_details this module reads (company or person). */
export interface EntityDetailsLike {
  type: 'company' | 'person';
  entity_id: string;
  company_full_name?: string;
  company_country_code?: string;
  first_name?: string | null;
  last_name?: string | null;
  residency_country_code?: string | null;
  citizenship_country_code?: string | null;
  shareholders?: { entity_id: string; ownership: Stake }[];
  ultimate_beneficiary_owners?: { person_entity_id: string; effective_ownership: Stake }[];
}

export function entityName(e: EntityDetailsLike): string {
  if (e.type === 'company') return e.company_full_name || 'Unnamed company';
  return [e.first_name, e.last_name].filter(Boolean).join(' ') || 'Unnamed person';
}

/** Ownership data from a case's legal entities (the flat, referenced structure of the spec). */
export function ownershipFromEntities(mainEntityId: string, details: EntityDetailsLike[]): OwnershipData {
  const byId = new Map(details.map((d) => [d.entity_id, d]));
  const main = byId.get(mainEntityId);
  const shareholdings: OwnershipData['shareholdings'] = [];
  for (const d of details) {
    if (d.type !== 'company') continue;
    for (const s of d.shareholders ?? []) shareholdings.push({ owner_id: s.entity_id, owned_id: d.entity_id, ownership: s.ownership });
  }
  return {
    main_entity_id: mainEntityId,
    entities: details.map((d) => ({
      entity_id: d.entity_id,
      type: d.type,
      name: entityName(d),
      country_code: (d.type === 'company' ? d.company_country_code : (d.residency_country_code ?? d.citizenship_country_code)) || null,
    })),
    shareholdings,
    ubos: main?.type === 'company' ? [...(main.ultimate_beneficiary_owners ?? [])] : [],
  };
}

function percent(x: number): string {
  const p = Math.round(x * 10000) / 100;
  return `${Number.isInteger(p) ? p.toFixed(0) : String(p)} %`;
}

/** "25 %" for an exact stake, "25–50 %" for a band. */
export function formatStake(stake: Stake | null | undefined): string {
  if (!stake) return '—';
  if ('fraction' in stake && typeof stake.fraction === 'number') return percent(stake.fraction);
  if ('range' in stake && Array.isArray(stake.range)) {
    const [low, high] = stake.range;
    return `${percent(low).replace(' %', '')}–${percent(high)}`;
  }
  return '—';
}

export interface ChartNode {
  entity_id: string;
  type: 'company' | 'person' | 'unknown';
  name: string;
  country_code: string | null;
  /** Name split into at most two lines that fit the box. */
  lines: string[];
  main: boolean;
  layer: number;
  x: number;
  y: number;
}

export interface ChartEdge {
  from: string;
  to: string;
  label: string;
  /** Start (owner's bottom centre) and end (owned company's top centre). */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Where the stake label sits. */
  lx: number;
  ly: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: ChartNode[];
  edges: ChartEdge[];
}

export const CHART = { nodeWidth: 184, nodeHeight: 56, gapX: 28, gapY: 64, pad: 16, lineChars: 24 } as const;

/** Splits a name into at most two lines of `max` characters, on spaces where possible. */
export function wrapName(name: string, max: number = CHART.lineChars): string[] {
  const words = name.trim().split(/\s+/);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if ([...candidate].length <= max) current = candidate;
    else {
      if (current) lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  const clip = (s: string) => ([...s].length > max ? `${[...s].slice(0, max - 1).join('')}…` : s);
  if (lines.length > 2) lines.splice(1, lines.length - 1, lines.slice(1).join(' '));
  return lines.map(clip);
}

/**
 * Layers by distance from the main company along `shareholders` (main at the bottom, its direct
 * owners above it, and so on); a circular holding is drawn once, as an edge back down. Within a
 * layer, nodes sit in the order of what they own, which keeps most edges from crossing.
 */
export function layoutOwnership(data: OwnershipData): ChartLayout {
  const entities = new Map(data.entities.map((e) => [e.entity_id, e]));
  const ownersOf = new Map<string, OwnershipData['shareholdings']>();
  for (const s of data.shareholdings) ownersOf.set(s.owned_id, [...(ownersOf.get(s.owned_id) ?? []), s]);

  const layerOf = new Map<string, number>([[data.main_entity_id, 0]]);
  const layers: string[][] = [[data.main_entity_id]];
  const usedEdges: OwnershipData['shareholdings'] = [];
  for (let depth = 0; depth < layers.length; depth += 1) {
    const next: string[] = [];
    for (const owned of layers[depth]) {
      for (const s of ownersOf.get(owned) ?? []) {
        usedEdges.push(s);
        if (layerOf.has(s.owner_id)) continue;
        layerOf.set(s.owner_id, depth + 1);
        next.push(s.owner_id);
      }
    }
    if (next.length > 0) layers.push(next);
  }

  // Order each layer above the first by where the nodes they own sit (barycentre).
  const order = new Map<string, number>([[data.main_entity_id, 0]]);
  for (let depth = 1; depth < layers.length; depth += 1) {
    const below = (id: string) => {
      const positions = usedEdges.filter((s) => s.owner_id === id && layerOf.get(s.owned_id) === depth - 1).map((s) => order.get(s.owned_id) ?? 0);
      return positions.length ? positions.reduce((a, b) => a + b, 0) / positions.length : 0;
    };
    const keyed = layers[depth].map((id, i) => ({ id, key: below(id), i }));
    keyed.sort((a, b) => a.key - b.key || a.i - b.i);
    layers[depth] = keyed.map((k) => k.id);
    layers[depth].forEach((id, i) => order.set(id, i));
  }

  const { nodeWidth, nodeHeight, gapX, gapY, pad } = CHART;
  const widest = Math.max(...layers.map((l) => l.length));
  const width = pad * 2 + widest * nodeWidth + (widest - 1) * gapX;
  const height = pad * 2 + layers.length * nodeHeight + (layers.length - 1) * gapY;
  const nodes: ChartNode[] = [];
  const at = new Map<string, ChartNode>();
  layers.forEach((ids, depth) => {
    const rowWidth = ids.length * nodeWidth + (ids.length - 1) * gapX;
    const left = (width - rowWidth) / 2;
    const y = pad + (layers.length - 1 - depth) * (nodeHeight + gapY);
    ids.forEach((id, i) => {
      const e = entities.get(id);
      const name = e?.name ?? `Unknown entity ${id.slice(0, 8)}`;
      const node: ChartNode = {
        entity_id: id,
        type: e?.type ?? 'unknown',
        name,
        country_code: e?.country_code ?? null,
        lines: wrapName(name),
        main: id === data.main_entity_id,
        layer: depth,
        x: left + i * (nodeWidth + gapX),
        y,
      };
      nodes.push(node);
      at.set(id, node);
    });
  });

  // Edges meeting one box are spread along its side, in the left-to-right order of their other ends.
  const slot = (id: string, other: (e: OwnershipData['shareholdings'][number]) => string, key: 'owner_id' | 'owned_id') => {
    const mine = usedEdges.filter((e) => e[key] === id).sort((a, b) => at.get(other(a))!.x - at.get(other(b))!.x);
    return (e: OwnershipData['shareholdings'][number]) => (mine.indexOf(e) + 1) / (mine.length + 1);
  };
  const edges: ChartEdge[] = usedEdges.map((s) => {
    const owner = at.get(s.owner_id)!;
    const owned = at.get(s.owned_id)!;
    const up = owner.y < owned.y;
    const x1 = owner.x + nodeWidth * slot(s.owner_id, (e) => e.owned_id, 'owner_id')(s);
    const y1 = up ? owner.y + nodeHeight : owner.y;
    const x2 = owned.x + nodeWidth * slot(s.owned_id, (e) => e.owner_id, 'owned_id')(s);
    const y2 = up ? owned.y : owned.y + nodeHeight;
    // The label sits nearer the owner, where edges into one box have not yet converged.
    return { from: s.owner_id, to: s.owned_id, label: formatStake(s.ownership), x1, y1, x2, y2, lx: x1 + (x2 - x1) * 0.4, ly: y1 + (y2 - y1) * 0.4 };
  });
  return { width, height, nodes, edges };
}

/** One sentence per holding and per UBO: the chart's text alternative. */
export function ownershipSentences(data: OwnershipData): { holdings: string[]; ubos: string[] } {
  const name = (id: string) => data.entities.find((e) => e.entity_id === id)?.name ?? `unknown entity ${id}`;
  return {
    holdings: data.shareholdings.map((s) => `${name(s.owner_id)} holds ${formatStake(s.ownership)} of ${name(s.owned_id)}`),
    ubos: data.ubos.map((u) => `${name(u.person_entity_id)}: ${formatStake(u.effective_ownership)} effective ownership`),
  };
}
