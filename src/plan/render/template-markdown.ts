import { cell, rowLine } from './markdown-parts.js';
import { groupFrom, groupHeading, type TemplateGroup } from './template-groups.js';

/** Sources listed in a group's section; the rest are counted. */
const SOURCES_SHOWN = 5;

/**
 * One template's changes in the markdown plan (template-groups.ts): a heading, where its values were written,
 * its changes once with the number of zones each touches, and the zones in `<details>`.
 */
export function templateSection(group: TemplateGroup): string {
  const from = `${cell(capitalised(groupFrom(group, SOURCES_SHOWN)))}.`;
  const table = [
    '| | name | live | planned | zones |',
    '|---|---|---|---|--:|',
    ...group.rows.map(({ row, zones }) => `${rowLine(row)} ${zones} |`),
  ];
  const zones = `<details><summary>${group.zones.length} zones</summary>\n\n${cell(group.zones.join(', '))}\n\n</details>`;
  return `#### ${cell(groupHeading(group))}\n\n${from}\n\n${table.join('\n')}\n\n${zones}`;
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
