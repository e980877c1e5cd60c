'use strict';
// Stand-in: the real package is not on the npm registry reachable here.
module.exports = {};
