import type { Argument, Command, Option } from 'commander';

/**
 * What shell completion knows of the command line, read from the commander program itself (every command, flag,
 * value and argument as defined), so the scripts cannot drift from the CLI. Each shell renders this (bash.ts,
 * zsh.ts, fish.ts).
 */
export interface CompletionSpec {
  program: string;
  /** The flags before a command: help and version. */
  options: FlagSpec[];
  commands: CommandSpec[];
}

export interface CommandSpec {
  name: string;
  description: string;
  options: FlagSpec[];
  /** What the command's arguments complete to; null when it takes none. */
  args: ValueSpec | null;
}

export interface FlagSpec {
  long: string;
  short?: string;
  description: string;
  /** What its value completes to; null for a flag without a value. */
  value: ValueSpec | null;
  /** Given more than once (its values collected, `--target`, `--path`). */
  repeatable: boolean;
}

/** `files` and `dirs`: paths; `choices`: one of `words`; `free`: anything (a name, a number), nothing to offer. */
export type ValueSpec =
  | { kind: 'files' }
  | { kind: 'dirs' }
  | { kind: 'choices'; words: string[] }
  | { kind: 'free'; name: string };

const HELP: FlagSpec = {
  long: '--help',
  short: '-h',
  description: 'display help',
  value: null,
  repeatable: false,
};

/**
 * The spec of `program`. A value placeholder says what it completes to: `<file>` and `<path>` a file, `<dir>` a
 * directory, listed choices one of them, anything else nothing. `help [command]`, which commander adds itself,
 * completes command names.
 */
export function completionSpec(program: Command): CompletionSpec {
  const commands = program.commands.map(commandSpec);
  const help: CommandSpec = {
    name: 'help',
    description: 'display help for a command',
    options: [],
    args: { kind: 'choices', words: commands.map((command) => command.name) },
  };
  return {
    program: program.name(),
    options: [...program.options.flatMap(flagSpec), HELP],
    commands: [...commands, help],
  };
}

function commandSpec(command: Command): CommandSpec {
  return {
    name: command.name(),
    description: command.description(),
    options: [...command.options.flatMap(flagSpec), HELP],
    args: argumentsSpec(command.registeredArguments),
  };
}

function flagSpec(option: Option): FlagSpec[] {
  if (option.hidden || option.long === undefined) return [];
  const takesValue = option.required || option.optional;
  return [
    {
      long: option.long,
      ...(option.short ? { short: option.short } : {}),
      description: option.description,
      value: takesValue ? valueSpec(placeholder(option.flags), option.argChoices) : null,
      repeatable: Array.isArray(option.defaultValue),
    },
  ];
}

function argumentsSpec(args: readonly Argument[]): ValueSpec | null {
  const first = args[0];
  if (first === undefined) return null;
  return valueSpec(first.name().replace(/s$/, ''), first.argChoices);
}

function valueSpec(name: string, choices: readonly string[] | undefined): ValueSpec {
  if (choices && choices.length > 0) return { kind: 'choices', words: [...choices] };
  if (name === 'file' || name === 'path') return { kind: 'files' };
  if (name === 'dir') return { kind: 'dirs' };
  return { kind: 'free', name };
}

/** `--out <file>` → `file`. */
function placeholder(flags: string): string {
  return /[<[]([^>\]]+)[>\]]/.exec(flags)?.[1]?.replace(/\.\.\.$/, '') ?? 'value';
}

/** A description on one line, as every shell's completion shows it. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A word in POSIX single quotes (bash, zsh). */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
