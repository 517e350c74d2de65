/**
 * What /team loads first: the permission groups and the members' first page (team-queries.ts
 * `prefetchTeam`); started before the page's code has arrived (app/page-data.ts).
 */
import { prefetchTeam } from './team-queries.ts';

export function loadTeamPage(): void {
  prefetchTeam();
}
