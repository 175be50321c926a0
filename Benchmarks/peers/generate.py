#!/usr/bin/env python3
"""Writes a seeded random route table and queries for Benchmarks/compare.sh.

  generate.py SCREENS COMMANDS QUERIES SEED OUTDIR

OUTDIR/table.json   the route-table JSON format: SCREENS screens S0...S<n-1>, no
                    parameters; COMMANDS commands, each from one random screen to a
                    random screen, no ids, no costs.
OUTDIR/edges.txt    the same graph for the peers: "SCREENS COMMANDS", then one
                    "FROM TO" pair of screen numbers a line, in command order.
OUTDIR/queries.txt  QUERIES lines "FROM TO" of screen names: plan from the one-entry
                    stack [FROM] to TO.
OUTDIR/batch.jsonl  the queries as `routing route --batch` requests.
"""

import os
import random
import sys


def main():
    screens, commands, queries, seed = (int(argument) for argument in sys.argv[1:5])
    directory = sys.argv[5]
    os.makedirs(directory, exist_ok=True)
    generator = random.Random(seed)
    edges = [
        (generator.randrange(screens), generator.randrange(screens)) for _ in range(commands)
    ]
    pairs = [
        (generator.randrange(screens), generator.randrange(screens)) for _ in range(queries)
    ]
    with open(os.path.join(directory, "table.json"), "w") as table:
        table.write('{"screens": [\n')
        table.write(",\n".join('{"name": "S%d"}' % screen for screen in range(screens)))
        table.write('],\n"commands": [\n')
        table.write(
            ",\n".join('{"from": ["S%d"], "to": "S%d"}' % edge for edge in edges))
        table.write("]}\n")
    with open(os.path.join(directory, "edges.txt"), "w") as edge_file:
        edge_file.write("%d %d\n" % (screens, commands))
        edge_file.write("".join("%d %d\n" % edge for edge in edges))
    with open(os.path.join(directory, "queries.txt"), "w") as query_file:
        query_file.write("".join("S%d S%d\n" % pair for pair in pairs))
    with open(os.path.join(directory, "batch.jsonl"), "w") as batch:
        batch.write(
            "".join('{"stack": ["S%d"], "to": "S%d"}\n' % pair for pair in pairs))


if __name__ == "__main__":
    main()
