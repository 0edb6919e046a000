import { Command } from 'commander';
import { VERSION } from '../../connect/version.js';
import type { CliIo } from '../io.js';

/** The `edgeplan` command itself, without its subcommands: `--version`, `--help`, and how errors are written. */
export function rootCommand(io: CliIo): Command {
  return new Command('edgeplan')
    .description('DNS and web-application-firewall settings as code: validate, plan, apply, drift, import')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();
}
