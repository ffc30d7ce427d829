// Stands in for node:child_process inside commander (scripts/build.mjs): camunda-admin declares no
// executable subcommands, the only commander feature that spawns a process.
const unavailable = () => {
  throw new Error('camunda-admin has no executable subcommands');
};
module.exports = { spawn: unavailable, execFile: unavailable };
