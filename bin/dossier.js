#!/usr/bin/env node
// Entry point for the `dossier` command: runs the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';
register();
await import('../src/main.ts');
