#!/usr/bin/env node
// The command line's earlier address (node web/cli.mjs …), kept so that commands written
// against it still work; the command line itself is tools/cli.mjs. Not shipped with the site.
import '../tools/cli.mjs';
