// Guard: every npm script must run on the Node 24 that `npm ci` installs (package "node").
// `npm ci --ignore-scripts` leaves no such binary and scripts would silently run on an older Node.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Dropwave needs Node 24 or newer, but this is Node ${process.versions.node}.\n` +
      "Run `npm ci` (without --ignore-scripts) so that npm scripts use the bundled Node 24.",
  );
  process.exit(1);
}
