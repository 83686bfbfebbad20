import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_TABLE_FILE, pagePatterns } from '../../web/src/config/route-table';

/** The index.html that gateway tests serve in place of the built web app. */
export const TEST_INDEX_HTML = '<!doctype html><title>BallMatch</title><div id="root"></div>';

/** A stand-in web build in `dir`: index.html and the app's real route table, as Vite writes it. */
export function writeWebBuild(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.html'), TEST_INDEX_HTML);
  fs.writeFileSync(path.join(dir, ROUTE_TABLE_FILE), JSON.stringify(pagePatterns()));
}
