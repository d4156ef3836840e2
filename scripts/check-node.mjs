// Run first by `npm start`: on a Node older than the one Buglet needs, say so in one line
// instead of failing later inside a dependency. Keep this file to syntax that old Nodes parse.
const NEEDED = '20.19.0 (or 22.12.0 and newer on 22)';
const [major, minor] = process.versions.node.split('.').map(Number);
const ok = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
if (!ok) {
  process.stderr.write(
    `Buglet needs Node ${NEEDED}; this is Node ${process.versions.node}. Install a newer Node (https://nodejs.org) and run npm start again.\n`,
  );
  process.exit(1);
}
