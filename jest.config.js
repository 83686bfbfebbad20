// Every workspace with a jest.config.js is a project; `npm test` runs them all.
const fs = require('node:fs');
const path = require('node:path');

const workspaces = require('./package.json').workspaces;
const projects = workspaces
  .flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(__dirname, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => path.join(pattern.slice(0, -2), d.name))
      : [pattern],
  )
  .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'jest.config.js')))
  .map((dir) => `<rootDir>/${dir}`);

// Root-level checks that span workspaces (deployment files vs. code) live in test/.
if (fs.existsSync(path.join(__dirname, 'test', 'jest.config.js'))) projects.push('<rootDir>/test');
// The load suite's checks (k6 in step with the node harness, a smoke run).
projects.push('<rootDir>/loadtest');

module.exports = { projects };
