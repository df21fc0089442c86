import { CommanderError, type Command } from "commander";

/**
 * Parses a script's command line. Returns the exit code to end with when there is nothing more to
 * do: 0 after --help, 2 after a mistake (commander has already said what it was); otherwise undefined.
 */
export function parseCommandLine(program: Command, argv: string[]): number | undefined {
  try {
    program.exitOverride().parse(argv, { from: "user" });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
}
