import { loadConfig } from '../config.ts';
import { CommandError, commandArguments, runCommand } from '../lib/command-line.ts';
import { setRoleByEmail } from './set-role.ts';

const USAGE = 'npm run admin -- role <email> <admin|moderator|member>';

/** `npm run admin -- role <email> <role>`: an operator locked out of the Members page gives a role from the shell. */
runCommand(async () => {
  const { positionals } = commandArguments(process.argv.slice(2), {}, 3, USAGE);
  const [command, email, role] = positionals;
  if (command !== 'role' || !email || !role) throw new CommandError(`Usage: ${USAGE}`);
  process.stdout.write(`${await setRoleByEmail(loadConfig(process.env), email, role)}\n`);
});
