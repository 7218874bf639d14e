// Runs before anything else (npm's preinstall, pretest and prestart hooks, and the server's first
// import) on whatever Node the machine has, so it is plain CommonJS with nothing to import. An
// older Node would otherwise crash inside the SQLite driver (better-sqlite3 13 needs Node 22+, and
// we test and ship on 24 only): it gets one line saying what to install instead.
"use strict";
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major !== REQUIRED_MAJOR) {
  process.stderr.write(
    `Order Express needs Node ${REQUIRED_MAJOR} LTS (this is Node ${process.version}); .node-version names the release we test on.\n`,
  );
  process.exit(1);
}
