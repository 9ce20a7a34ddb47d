#!/usr/bin/env bash
# Services some integration tests need and npm cannot install (none yet beyond Node itself).
exit 0
