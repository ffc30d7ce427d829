// `npm run simulator -- [--port N] [--basic-auth] [--login-delay SECONDS]`: the engine simulator on
// its own, for trying commands by hand against a local, in-memory engine.
import { spawn } from 'node:child_process';
import { buildSimulator } from './build-simulator.mjs';

const entry = await buildSimulator();
const child = spawn(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => (process.exitCode = code ?? 0));
