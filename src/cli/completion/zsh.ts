import {
  type CommandSpec,
  type CompletionSpec,
  type FlagSpec,
  oneLine,
  singleQuoted,
  type ValueSpec,
} from './spec.js';

/**
 * The zsh completion script, for `compinit`: commands with their descriptions (`_describe`), then per command its
 * flags, their values and its arguments (`_arguments`). It works autoloaded from `fpath` (as `_<program>`) and
 * sourced after `compinit`.
 */
export function zshScript(spec: CompletionSpec): string {
  const fn = `_${spec.program.replace(/\W/g, '_')}`;
  return [
    `#compdef ${spec.program}`,
    `# zsh completion for ${spec.program}, generated from its command definitions by \`${spec.program} completion zsh\`.`,
    `# This shell (after compinit): source <(${spec.program} completion zsh)`,
    `# Every shell: ${spec.program} completion zsh > "\${fpath[1]}/${fn}", then start a new shell`,
    `${fn}() {`,
    '  local -a commands=(',
    ...spec.commands.map(
      (c) => `    ${singleQuoted(`${c.name.replace(/:/g, '\\:')}:${oneLine(c.description)}`)}`,
    ),
    '  )',
    '  if (( CURRENT == 2 )); then',
    '    if [[ $PREFIX == -* ]]; then',
    `      _arguments ${spec.options.map(flagSpec).join(' ')}`,
    '    else',
    `      _describe -t commands ${singleQuoted(`${spec.program} command`)} commands`,
    '    fi',
    '    return',
    '  fi',
    `  local sub=\${words[2]}`,
    '  shift words',
    '  (( CURRENT-- ))',
    '  case $sub in',
    ...spec.commands.flatMap(commandCase),
    '  esac',
    '}',
    `if [[ $funcstack[1] == ${fn} ]]; then`,
    `  ${fn} "$@"`,
    'else',
    `  compdef ${fn} ${spec.program}`,
    'fi',
    '',
  ].join('\n');
}

function commandCase(command: CommandSpec): string[] {
  const specs = [...command.options.map(flagSpec), ...argumentSpec(command.args)];
  return [`    ${singleQuoted(command.name)})`, `      _arguments -s ${specs.join(' \\\n        ')} ;;`];
}

/** `'(-y --yes)'{-y,--yes}'[description]'`, `'*--target=[description]: :'`, `'--out=[description]:file:_files'`. */
function flagSpec(flag: FlagSpec): string {
  const description = `[${bracketed(flag.description)}]`;
  const value = flag.value === null ? '' : `:${valueAction(flag.value)}`;
  const many = flag.repeatable ? '*' : '';
  const equals = flag.value === null ? '' : '=';
  if (!flag.short) return singleQuoted(`${many}${flag.long}${equals}${description}${value}`);
  const names = `${flag.short} ${flag.long}`;
  return `${singleQuoted(`(${names})`)}{${flag.short},${flag.long}}${singleQuoted(`${equals}${description}${value}`)}`;
}

function argumentSpec(args: ValueSpec | null): string[] {
  return args === null ? [] : [singleQuoted(`*:${valueAction(args)}`)];
}

/** `message:action` of an `_arguments` spec. */
function valueAction(value: ValueSpec): string {
  switch (value.kind) {
    case 'files':
      return 'file:_files';
    case 'dirs':
      return 'directory:_files -/';
    case 'choices':
      return `value:(${value.words.join(' ')})`;
    case 'free':
      return `${value.name.replace(/:/g, '\\:')}: `;
  }
}

/** A description inside `[...]`: brackets and colons escaped, one line. */
function bracketed(text: string): string {
  return oneLine(text).replace(/[[\]:\\]/g, (c) => `\\${c}`);
}
