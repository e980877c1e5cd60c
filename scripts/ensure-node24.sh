#!/usr/bin/env bash
# Prints the bin folder of Node 24 (n8n 2.x, n8n-core 2.x and the test tooling run on it).
exec bash "$(dirname "$0")/ensure-node.sh" 24
