import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { ROUTE_TABLE_FILE, pagePatterns } from '../../web/src/config/route-table';
import { webApp } from '../src/web-app';

/** The index.html that gateway tests serve in place of the built web app. */
export const TEST_INDEX_HTML = '<!doctype html><title>BallMatch</title><div id="root"></div>';

/** A stand-in web build in `dir`: index.html and the app's real route table, as Vite writes it. */
export function writeWebBuild(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.html'), TEST_INDEX_HTML);
  fs.writeFileSync(path.join(dir, ROUTE_TABLE_FILE), JSON.stringify(pagePatterns()));
}

/** The gateway's web app for the build in `dir`, served alone on a free local port. */
export async function serveWebApp(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = express().use(webApp(dir)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
