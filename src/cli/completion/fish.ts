import { type CommandSpec, type CompletionSpec, type FlagSpec, oneLine, type ValueSpec } from './spec.js';

/**
 * The fish completion script: `complete` lines, commands while none is given yet (`__fish_use_subcommand`), then per
 * command its flags, their values and its arguments (`__fish_seen_subcommand_from`). Files are offered only where a
 * path is taken.
 */
export function fishScript(spec: CompletionSpec): string {
  const c = `complete -c ${spec.program}`;
  const wantsValue = `__${spec.program.replace(/\W/g, '_')}_wants_value`;
  return [
    `# fish completion for ${spec.program}, generated from its command definitions by \`${spec.program} completion fish\`.`,
    `# This shell: ${spec.program} completion fish | source`,
    `# Every shell: ${spec.program} completion fish > ~/.config/fish/completions/${spec.program}.fish`,
    '',
    '# Whether the word before the cursor is one of these flags, whose value comes next.',
    `function ${wantsValue}`,
    '    set -l words (commandline -opc)',
    '    contains -- $words[-1] $argv',
    'end',
    '',
    `${c} -f`,
    ...spec.options.map((flag) => `${c} -n __fish_use_subcommand ${flagLine(flag)}`),
    ...spec.commands.map(
      (command) =>
        `${c} -n __fish_use_subcommand -a ${quote(command.name)} -d ${quote(oneLine(command.description))}`,
    ),
    ...spec.commands.flatMap((command) => commandLines(c, wantsValue, command)),
    '',
  ].join('\n');
}

/** Its flags; then its arguments, unless the word before the cursor is a flag whose value comes next. */
function commandLines(c: string, wantsValue: string, command: CommandSpec): string[] {
  const seen = `__fish_seen_subcommand_from ${command.name}`;
  const flags = command.options.map((flag) => `${c} -n ${quote(seen)} ${flagLine(flag)}`);
  const args = command.args && argumentFlags(command.args);
  if (!args) return flags;
  const valued = command.options.filter((flag) => flag.value !== null).flatMap(names);
  const when = valued.length > 0 ? `${seen}; and not ${wantsValue} ${valued.join(' ')}` : seen;
  return [...flags, `${c} -n ${quote(when)} ${args}`];
}

/** `-s y -l yes -d '…'`, with what its value completes to. */
function flagLine(flag: FlagSpec): string {
  const short = flag.short ? [`-s ${flag.short.slice(1)}`] : [];
  const value = flag.value === null ? [] : [valueFlags(flag.value)];
  return [...short, `-l ${flag.long.slice(2)}`, ...value, `-d ${quote(oneLine(flag.description))}`].join(' ');
}

/** A flag's value: a file (`-r -F`), else exclusive (`-x`: no files), with the directories or choices to offer. */
function valueFlags(value: ValueSpec): string {
  const offered = argumentFlags(value);
  return value.kind === 'files' ? '-r -F' : `-x${offered ? ` ${offered}` : ''}`;
}

/** What an argument completes to: files (`-F`), directories, choices (`-a`); nothing for a free value. */
function argumentFlags(value: ValueSpec): string {
  switch (value.kind) {
    case 'files':
      return '-F';
    case 'dirs':
      return `-a ${quote('(__fish_complete_directories (commandline -ct))')}`;
    case 'choices':
      return `-a ${quote(value.words.join(' '))}`;
    case 'free':
      return '';
  }
}

function names(flag: FlagSpec): string[] {
  return flag.short ? [flag.short, flag.long] : [flag.long];
}

/** A word in fish's single quotes: only `\` and `'` are escaped there. */
function quote(text: string): string {
  return `'${text.replace(/[\\']/g, (ch) => `\\${ch}`)}'`;
}
