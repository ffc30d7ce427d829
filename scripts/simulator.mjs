// `npm run simulator -- [--port N] [--basic-auth] [--flavour camunda|operaton|cibseven] [--login-delay SECONDS]`:
// the engine simulator on its own, for trying commands by hand against a local, in-memory engine that
// answers as Camunda 7.24 (the default), Operaton 2.1.4 or CIB seven 2.2.0.
import { spawn } from 'node:child_process';
import { buildSimulator } from './build-simulator.mjs';

const entry = await buildSimulator();
const child = spawn(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => (process.exitCode = code ?? 0));
