import {
  type CommandSpec,
  type CompletionSpec,
  type FlagSpec,
  singleQuoted,
  type ValueSpec,
} from './spec.js';

/**
 * The bash completion script: one function that finds the command among the words before the cursor and completes
 * its flags, the value of the flag before the cursor (files, directories or choices), or its arguments. Words go
 * through `mapfile` (no word splitting on file names with spaces); the script passes shellcheck.
 */
export function bashScript(spec: CompletionSpec): string {
  const fn = `_${spec.program.replace(/\W/g, '_')}`;
  const words = [...spec.commands.map((c) => c.name), ...spec.options.flatMap(flagNames)];
  return [
    `# bash completion for ${spec.program}, generated from its command definitions by \`${spec.program} completion bash\`.`,
    `# This shell: source <(${spec.program} completion bash)`,
    `# Every shell: ${spec.program} completion bash > ~/.local/share/bash-completion/completions/${spec.program}`,
    `${fn}() {`,
    `  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} sub='' i`,
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    `    case \${COMP_WORDS[i]} in`,
    '      -*) ;;',
    `      *) sub=\${COMP_WORDS[i]}; break ;;`,
    '    esac',
    '  done',
    '  COMPREPLY=()',
    '  case $sub in',
    `    '') ${wordList(words)} ;;`,
    ...spec.commands.flatMap(commandCase),
    '  esac',
    '}',
    `complete -F ${fn} ${spec.program}`,
    '',
  ].join('\n');
}

function commandCase(command: CommandSpec): string[] {
  const valued = command.options.filter((flag) => flag.value !== null);
  return [
    `    ${singleQuoted(command.name)})`,
    '      case $prev in',
    ...valued.map((flag) => `        ${flagNames(flag).join('|')}) ${complete(flag.value)} ;;`),
    '        *)',
    '          if [[ $cur == -* ]]; then',
    `            ${wordList(command.options.flatMap(flagNames))}`,
    '          else',
    `            ${complete(command.args)}`,
    '          fi ;;',
    '      esac ;;',
  ];
}

/** The line that fills COMPREPLY for a value; nothing for a free value or no argument. */
function complete(value: ValueSpec | null): string {
  switch (value?.kind) {
    case 'files':
      return 'compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur")';
    case 'dirs':
      return 'compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur")';
    case 'choices':
      return wordList(value.words);
    default:
      return ':';
  }
}

function wordList(words: readonly string[]): string {
  return `mapfile -t COMPREPLY < <(compgen -W ${singleQuoted(words.join(' '))} -- "$cur")`;
}

function flagNames(flag: FlagSpec): string[] {
  return flag.short ? [flag.short, flag.long] : [flag.long];
}
