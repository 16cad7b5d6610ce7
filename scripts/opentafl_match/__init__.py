"""The modules of scripts/opentafl-match (see its own documentation)."""
