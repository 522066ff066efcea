// The screening of a case: every company and person of the case (the company, account owner,
// counterparty, directors, owners) against the active version of every imported list, through
// the blocking index, then scored in full (match.ts). Hits are stored per entity and list entry
// with the version that found them; the analyst's decision on a hit outlives list versions, and a
// false match is not raised again for that entity and entry. The case's findings of source
// 'screening' are rebuilt from the hits after each screening and each decision. Runs as a job at
// case creation (after the register lookup), within the completion, and for every case again when
// a list version is imported.
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { CaseRow, ConversationRow, EntityRow, FindingRow } from '../db/schema.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { listConversationsOfCase } from '../db/conversations.repo.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import {
  candidateNames,
  decideHit,
  entriesById,
  findHit,
  listActiveVersions,
  listHitsOfCase,
  listScreeningFindings,
  replaceScreeningFindings,
  storeScreening,
  listAllVersions,
  type DecisionColumns,
  type ListVersionRow,
  type ScreeningHitRow,
  UNDECIDED,
} from '../db/screening.repo.ts';
import { insertAudit, type NewAudit } from '../db/audit.repo.ts';
import { hashId } from './ids.ts';
import { changesSinceDecision } from './hit-changes.ts';
import { kindsMeet, matchEntry, nameFloor, similarityReaches, type EntryKind, type ListEntry, type MatchResult } from './match.ts';
import { blockingKeys, entryNameTokens, nameTokens } from './normalise.ts';
import { screeningFindingRows } from './findings.ts';
import { caseSubjects, type CaseSubject } from './subjects.ts';

type NewHit = Omit<ScreeningHitRow, DecisionColumns>;

/** A screening done but not yet written. */
export interface Screened {
  caseId: string;
  clientId: string;
  /** How many companies and persons of the case were screened. */
  subjects: number;
  /** The conversation the findings belong to (the case's first); null when the case has none. */
  conversationId: string | null;
  hits: NewHit[];
  /** The hits found for the first time on this case (never seen by an earlier screening), false matches aside. */
  newHits: NewHit[];
  findings: FindingRow[];
  at: string;
  /** The list versions in force it screened against (the reports' "Checks performed" name them). */
  activeVersions: ListVersionRow[];
}

/**
 * Called in the transaction of a screening that found new hits on an existing case (a list update
 * or a review, not the completion, whose reports carry them): the decisions feature brings the
 * case's review forward (wired in services.ts).
 */
export type NewHitsHook = (trx: Db, caseRow: CaseRow, hits: NewHit[]) => Promise<void>;

export type { ListVersionRow, ScreeningHitRow };

/** A hit as the case page shows it: with what changed since the analyst's decision on it (changesSinceDecision). */
export type PanelHit = ScreeningHitRow & { changes: string[] };

export interface Thresholds {
  match: number;
  strong: number;
  maxCandidates: number;
}

export interface SubjectHit extends MatchResult {
  entry: ListEntry;
  version: ListVersionRow;
}

/**
 * Whether a screening's findings say something else than those stored before it (their issue,
 * code, severity or text; the date of the list version that found a hit again aside, so that a
 * list update does not make every case's reports again for that date alone).
 */
function changedFindings(before: FindingRow[], after: FindingRow[]): boolean {
  const key = (f: FindingRow) => `${f.issue_id}\0${f.code}\0${f.severity}\0${f.text.replace(/, version of [\d-]*\)/, ')')}`;
  const old = new Set(before.map(key));
  return before.length !== after.length || after.some((f) => !old.has(key(f)));
}

/** An entry's names as tokens, for versions imported before the tokens were stored with the entry. */

/**
 * Hits of one subject across the active versions, best per list entry, strongest first. The
 * candidates' names are compared first, from the index in memory; only those whose name comes
 * close enough to be a hit (nameFloor) are read in full and scored with all the subject knows.
 */
export async function screenSubject(
  db: Db,
  versions: ListVersionRow[],
  subject: Pick<CaseSubject, 'kind' | 'names' | 'birthDate' | 'countries' | 'identifiers'>,
  t: Thresholds,
): Promise<SubjectHit[]> {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const best = new Map<string, SubjectHit>();
  const floor = nameFloor(subject, t.match);
  for (const name of subject.names) {
    // Entries sharing two words of the name (one for a one-word name), or its joined form.
    const keys = blockingKeys(name, subject.kind);
    const need = Math.max(1, Math.min(2, keys.length - 1));
    const own = nameTokens(name, subject.kind);
    const near = new Map<string, string[][]>();
    for (const c of await candidateNames(db, [...byId.keys()], keys, need, t.maxCandidates, entryNameTokens)) {
      if (kindsMeet(subject.kind, c.kind as EntryKind) && c.names.some((tokens) => similarityReaches(own, tokens, subject.kind, floor))) near.set(c.id, c.names);
    }
    if (!near.size) continue;
    for (const { id, versionId, entry } of await entriesById(db, [...near.keys()])) {
      const m = matchEntry({ ...subject, names: [name] }, entry, near.get(id));
      if (!m || m.score < t.match) continue;
      const version = byId.get(versionId)!;
      const key = `${version.list_name}\0${entry.listEntryId}`;
      const known = best.get(key);
      if (!known || known.score < m.score) best.set(key, { ...m, entry, version });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

/**
 * Called in the transaction of a screening job or a decision on a hit that rewrote a case's
 * screening findings: the completion makes a ready case's reports and result again (wired in
 * services.ts).
 */
export type FindingsChangedHook = (trx: Db, caseRow: CaseRow) => Promise<void>;

/** What other features do when a screening changes something; given once, in services.ts. */
export interface ScreeningHooks {
  /** Run when a screening job finds new hits (see NewHitsHook). */
  onNewHits?: NewHitsHook;
  /** Run when a screening job or a decision rewrote the case's screening findings (see FindingsChangedHook). */
  onFindingsChanged?: FindingsChangedHook;
}

export class CaseScreening {
  constructor(
    protected readonly ctx: ServiceContext,
    private readonly hooks: ScreeningHooks = {},
  ) {}

  protected thresholds(): Thresholds {
    const c = this.ctx.config;
    return { match: c.SCREENING_MATCH_THRESHOLD, strong: Math.max(c.SCREENING_STRONG_THRESHOLD, c.SCREENING_MATCH_THRESHOLD), maxCandidates: c.SCREENING_MAX_CANDIDATES };
  }

  /** Screens a case now, with its entities as stored; returns the number of current hits. */
  async screenCase(caseId: string): Promise<number> {
    const { db } = this.ctx;
    const caseRow = await findCaseById(db, caseId);
    // No list imported yet: nothing to screen against (and no hit to keep up to date).
    if (!caseRow || (await listActiveVersions(db)).length === 0) return 0;
    const [entities, conversations] = await Promise.all([listEntitiesOfCase(db, caseId), listConversationsOfCase(db, caseId)]);
    const screened = await this.screen(caseRow, entities, conversations);
    const before = screened.conversationId ? await listScreeningFindings(db, screened.conversationId) : [];
    await db.transaction().execute(async (trx) => {
      await this.store(trx, screened);
      if (screened.conversationId && changedFindings(before, screened.findings)) await this.hooks.onFindingsChanged?.(trx, caseRow);
      if (!screened.newHits.length) return;
      // New hits on a case are recorded in its audit trail, and whoever follows the case is told.
      await insertAudit(trx, [
        {
          client_id: caseRow.client_id,
          case_id: caseId,
          actor_kind: 'system',
          actor_id: null,
          actor_name: 'Dossier',
          action: 'screening.new_hits',
          subject: screened.newHits.map((h) => `${h.entity_name}: ${h.matched_name} (${h.list_name} ${h.list_entry_id}, score ${h.score.toFixed(2)})`).join('; '),
          before_json: null,
          after_json: JSON.stringify({ lists: [...new Set(screened.newHits.map((h) => h.list_name))] }),
        },
      ]);
      await this.hooks.onNewHits?.(trx, caseRow, screened.newHits);
    });
    this.ctx.jobs.notify();
    return screened.hits.length;
  }

  /**
   * Screens the given entities of a case (as the completion is about to write them) without
   * writing: the hits and the findings that follow, with the decisions already taken.
   */
  async screen(caseRow: Pick<CaseRow, 'id' | 'client_id' | 'main_entity_id'>, entities: EntityRow[], conversations: Pick<ConversationRow, 'id'>[]): Promise<Screened> {
    const { db } = this.ctx;
    const caseId = caseRow.id;
    // Every version is read once: the active ones screen, all of them date the findings of older hits.
    const allVersions = await listAllVersions(db);
    const versions = allVersions.filter((v) => v.status === 'active');
    const subjects = caseSubjects(entities, caseRow.main_entity_id);
    const t = this.thresholds();
    const at = new Date().toISOString();
    const hits: NewHit[] = [];
    for (const s of subjects) {
      for (const h of await screenSubject(db, versions, s, t)) {
        hits.push({
          id: hashId(caseId, s.entityId, h.version.list_name, h.entry.listEntryId),
          case_id: caseId,
          client_id: caseRow.client_id,
          entity_id: s.entityId,
          entity_name: s.label,
          list_name: h.version.list_name,
          list_entry_id: h.entry.listEntryId,
          version_id: h.version.id,
          topic: h.entry.topic,
          score: h.score,
          matched_name: h.matchedName,
          reasons: JSON.stringify(h.reasons),
          entry: JSON.stringify(h.entry),
          matcher_version: h.matcherVersion,
          threshold: t.match,
          current: 1,
          first_seen_at: at,
          screened_at: at,
        });
      }
    }
    // Decisions already taken stay with their hits.
    const merged = new Map<string, ScreeningHitRow>((await listHitsOfCase(db, caseId)).map((h) => [h.id, { ...h, current: 0 }]));
    const newHits = hits.filter((h) => !merged.has(h.id));
    for (const h of hits) {
      const known = merged.get(h.id);
      merged.set(h.id, known ? { ...known, ...h, first_seen_at: known.first_seen_at } : { ...h, ...UNDECIDED });
    }
    const conversationId = conversations[0]?.id ?? null;
    const findings = conversationId ? this.findingRows(caseId, conversationId, [...merged.values()], allVersions, subjects, at) : [];
    return { caseId, clientId: caseRow.client_id, subjects: subjects.length, conversationId, hits, newHits, findings, at, activeVersions: versions };
  }

  /** Writes a screening (hits and findings) in the caller's transaction. */
  async store(trx: Db, s: Screened): Promise<void> {
    await storeScreening(trx, s.caseId, s.hits, s.at);
    // Every screening is a step of the case's audit trail, also one that could not run for want of a list.
    await insertAudit(trx, [{ ...screeningRunAudit(s), client_id: s.clientId, case_id: s.caseId, at: s.at }]);
    if (s.conversationId) await replaceScreeningFindings(trx, s.conversationId, s.findings);
    if (s.hits.length) this.ctx.log.info({ caseId: s.caseId, hits: s.hits.length }, 'case screened: list hits recorded');
  }

  /** Findings of the hits, each dated by the list version that found it. */
  private findingRows(caseId: string, conversationId: string, hits: ScreeningHitRow[], allVersions: ListVersionRow[], subjects: CaseSubject[], at: string): FindingRow[] {
    const versions = new Map(allVersions.map((v) => [v.id, v]));
    const bySubject = new Map(subjects.map((s) => [s.entityId, s]));
    const rows = hits.map((h) => ({
      ...h,
      version_date: versions.get(h.version_id)?.version_date ?? '',
      role: bySubject.get(h.entity_id)?.role ?? 'Related party',
      pepDeclared: bySubject.get(h.entity_id)?.pepDeclared ?? null,
    }));
    return screeningFindingRows(caseId, conversationId, rows, this.thresholds().strong, at);
  }

  /** The case page's screening panel: hits of a case of this client and the lists in force; undefined when the case is not the client's. */
  async panel(clientId: string, caseId: string): Promise<{ caseId: string; hits: PanelHit[]; lists: ListVersionRow[] } | undefined> {
    const hits = await this.hitsOfCase(clientId, caseId);
    if (!hits) return undefined;
    const versions = await listAllVersions(this.ctx.db);
    return { caseId, hits: hits.map((h) => ({ ...h, changes: changesSinceDecision(h, versions) })), lists: await listActiveVersions(this.ctx.db) };
  }

  /** The hits of a case of this client, strongest first; undefined when the case is not the client's. */
  async hitsOfCase(clientId: string, caseId: string): Promise<ScreeningHitRow[] | undefined> {
    const caseRow = await findCaseById(this.ctx.db, caseId);
    if (!caseRow || caseRow.client_id !== clientId) return undefined;
    return listHitsOfCase(this.ctx.db, caseId);
  }

  /** Records the analyst's decision on a hit and rebuilds the case's findings; false when the hit is not the client's. */
  async decide(clientId: string, caseId: string, hitId: string, d: { status: 'true_match' | 'false_match' | 'open'; reason: string; by: string; byId: string }): Promise<boolean> {
    const { db } = this.ctx;
    const hit = await findHit(db, clientId, caseId, hitId);
    const caseRow = await findCaseById(db, caseId);
    if (!hit || !caseRow) return false;
    const at = new Date().toISOString();
    const [entities, conversations] = await Promise.all([listEntitiesOfCase(db, caseId), listConversationsOfCase(db, caseId)]);
    await db.transaction().execute(async (trx) => {
      await decideHit(trx, hit, { status: d.status, reason: d.reason, by: d.by, at });
      await insertAudit(trx, [
        {
          client_id: clientId,
          case_id: caseId,
          actor_kind: 'analyst',
          actor_id: d.byId,
          actor_name: d.by,
          action: 'screening.hit_decided',
          subject: `${hit.entity_name}: ${hit.matched_name} (${hit.list_name} ${hit.list_entry_id})`,
          before_json: JSON.stringify({ status: hit.status }),
          // What the decision was made on, to replay it: the list version, the matcher's version, the threshold, the score.
          after_json: JSON.stringify({ status: d.status, reason: d.reason, list_version_id: hit.version_id, matcher_version: hit.matcher_version, threshold: hit.threshold, score: hit.score }),
          at,
        },
      ]);
      const first = conversations[0];
      if (!first) return;
      const hits = await listHitsOfCase(trx, caseId);
      const versions = await listAllVersions(trx);
      await replaceScreeningFindings(trx, first.id, this.findingRows(caseId, first.id, hits, versions, caseSubjects(entities, caseRow.main_entity_id), at));
      await this.hooks.onFindingsChanged?.(trx, caseRow);
    });
    this.ctx.jobs.notify();
    this.ctx.log.info({ caseId, hitId, status: d.status, by: d.by }, 'screening hit decided');
    return true;
  }
}

/** The audit entry of one screening: who was screened against which lists, and what it found, in words. */
export function screeningRunAudit(s: Pick<Screened, 'subjects' | 'hits' | 'activeVersions'>): Omit<NewAudit, 'client_id' | 'case_id'> {
  const names = `${s.subjects} ${s.subjects === 1 ? 'company or person' : 'companies and persons'} of the case`;
  const lists = s.activeVersions.map((v) => `${v.list_name} (${v.topic === 'pep' ? 'PEP' : 'sanctions'}, dated ${v.version_date})`);
  const found = s.hits.length === 0 ? 'no possible match' : `${s.hits.length} possible ${s.hits.length === 1 ? 'match' : 'matches'}`;
  return {
    actor_kind: 'system',
    actor_id: null,
    actor_name: 'Dossier',
    action: lists.length ? 'screening.run' : 'screening.not_run',
    subject: lists.length ? `${names} against ${lists.join(', ')}: ${found}` : `${names}: no sanctions or PEP list is configured`,
    before_json: null,
    after_json: JSON.stringify({ screened: s.subjects, lists: s.activeVersions.map((v) => ({ list: v.list_name, version_date: v.version_date })), hits: s.hits.length }),
  };
}
