// How often the common words of company names occur on a sanctions list: the number of company
// entries of the OFAC SDN list (2024-05-03, 6,884 companies) whose name holds the word, for the
// words held by 15 or more (legal forms, small words, single letters, country names and the names
// of single groups of companies left out). A word many entries share says little about which
// company is meant, so it weighs less in a company name (wordWeight). Pure data.

const COUNTS: [string, number][] = (
  'trading:278 group:198 shipping:172 international:170 bank:166 development:130 research:129 ' +
  'plant:124 institute:116 technology:114 state:99 center:98 management:97 general:93 holding:87 ' +
  'engineering:85 investment:85 scientific:84 production:82 trade:79 enterprise:78 services:76 ' +
  'organization:74 public:72 ticaret:70 energy:67 industries:63 petrochemical:63 technologies:60 ' +
  'oil:56 federal:54 islamic:48 bureau:48 commercial:47 industrial:47 association:46 zavod:45 ' +
  'national:44 design:44 industry:44 capital:44 exchange:44 construction:43 systems:41 ' +
  'investments:40 marine:40 holdings:39 global:39 new:38 service:38 kompaniya:37 export:36 ' +
  'sanayi:36 steel:35 private:35 aviation:35 electronics:34 grupo:33 republic:32 ship:32 ' +
  'comercializadora:31 foundation:31 inversiones:31 import:30 security:30 machine:30 ministry:30 ' +
  'central:29 ocean:28 maritime:26 branch:26 army:25 defense:25 mining:25 complex:25 logistics:25 ' +
  'military:25 building:25 properties:24 servicios:24 east:24 real:24 institution:24 unitary:24 ' +
  'star:23 invest:23 nauchno:23 united:22 inmobiliaria:22 special:22 agency:22 pvt:22 academy:22 ' +
  'money:22 estate:22 solutions:22 technical:22 science:21 transport:21 sciences:21 offshore:21 ' +
  'people:20 trust:20 petroleum:20 air:20 electronic:20 sea:20 federation:19 equipment:19 ' +
  'business:19 manufacturing:19 insurance:19 gas:19 cement:19 transportation:19 forces:18 ' +
  'machinery:18 radio:18 finance:18 system:18 port:18 financial:18 sociedad:17 factory:17 ' +
  'digital:17 asia:17 golden:17 fund:16 aircraft:16 trans:16 chemical:16 tech:16 information:16 ' +
  'repair:16 committee:15 media:15 intelligence:15 directorate:15 mechanical:15 concern:15 gold:15'
)
  .split(' ')
  .map((pair) => {
    const [word, n] = pair.split(':');
    return [word!, Number(n)];
  });

const WEIGHTS = new Map(COUNTS.map(([word, n]) => [word, Math.max(0.25, 1 / (1 + Math.log(n / 10)))]));

/** 1 for a distinctive word; less (down to 0.25) the more company names of the list share it. */
export function wordWeight(token: string): number {
  return WEIGHTS.get(token) ?? 1;
}

/** True for a word many company names share ("trading", "holding", "international", "group"). */
export function isGenericWord(token: string): boolean {
  return WEIGHTS.has(token);
}
