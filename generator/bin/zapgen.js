#!/usr/bin/env node
import module from 'node:module';

// Node 22.1 and later keep V8's compiled code of zapgen and its dependencies (two copies of
// TypeScript among them) between runs, which is most of a small spec's start-up. Node 20 has no
// such cache, and the call is skipped. The CLI is imported after, so that its modules are cached.
module.enableCompileCache?.();

const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
