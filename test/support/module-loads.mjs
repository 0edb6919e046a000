// `node --import tsx --import ./test/support/module-loads.mjs …`: appends the URL of every module the process loads
// (ES modules, and the entry file of each CommonJS package imported from one) to the file named by
// EDGEPLAN_MODULE_LOADS, one a line. The hooks run on the loader's own thread, which sees the same environment.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.EDGEPLAN_MODULE_LOADS, url + '\\n');
  return next(url, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
