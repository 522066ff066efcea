// GET /api/v1/cases/{case_id}/screening: the screening hits of a case's companies and persons, with
// the analyst's decisions and the list versions in force (an addition to the interface).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiClientOf } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { CaseParams, commonErrors } from '../http/schemas.ts';
import type { ScreeningService } from './screening.service.ts';
import { storedStrings } from '../lib/stored-json.ts';

const Hit = Type.Object({
  hit_id: Type.String(),
  entity_id: Type.String(),
  entity_name: Type.String(),
  list: Type.String(),
  list_version_date: Type.String(),
  list_entry_id: Type.String({ description: "The list's own id of the entry (OFAC ent_num, UN reference number, EU logical id, FtM id)." }),
  topic: Type.String({ description: 'sanctions or pep' }),
  score: Type.Number({ description: '0 to 1, after birth date, country and identifier checks' }),
  matched_name: Type.String(),
  reasons: Type.Array(Type.String()),
  status: Type.String({ description: 'open, true_match or false_match (decided by an analyst)' }),
  current: Type.Boolean({ description: 'false when the latest screening no longer finds it' }),
  decision_reason: Type.Union([Type.String(), Type.Null()]),
  decided_at: Type.Union([Type.String(), Type.Null()]),
});

const Lists = Type.Array(Type.Object({ list: Type.String(), topic: Type.String(), version_date: Type.String(), entry_count: Type.Number() }));

export const screeningRoutes: FastifyPluginAsyncTypebox<{ screening: ScreeningService }> = async (app, { screening }) => {
  app.get(
    '/cases/:case_id/screening',
    {
      schema: {
        tags: ['cases'],
        summary: "Read the sanctions and PEP screening of a case's companies and persons",
        params: CaseParams,
        response: { 200: Type.Object({ case_id: Type.String(), lists: Lists, hits: Type.Array(Hit) }), ...commonErrors },
      },
    },
    async (request) => {
      const { case_id } = request.params;
      const panel = await screening.panel(apiClientOf(request).id, case_id);
      if (!panel) throw notFound('The case');
      const dates = new Map(panel.lists.map((l) => [l.id, l.version_date]));
      return {
        case_id,
        lists: panel.lists.map((l) => ({ list: l.list_name, topic: l.topic, version_date: l.version_date, entry_count: l.entry_count })),
        hits: panel.hits.map((h) => ({
          hit_id: h.id,
          entity_id: h.entity_id,
          entity_name: h.entity_name,
          list: h.list_name,
          list_version_date: dates.get(h.version_id) ?? '',
          list_entry_id: h.list_entry_id,
          topic: h.topic,
          score: h.score,
          matched_name: h.matched_name,
          reasons: storedStrings(h.reasons, 'screening hit reasons'),
          status: h.status,
          current: h.current === 1,
          decision_reason: h.decision_reason,
          decided_at: h.decided_at,
        })),
      };
    },
  );
};
