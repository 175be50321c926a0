#!/usr/bin/env python3
"""Shortest routes by networkx's shortest_path, for Benchmarks/compare.sh.

  networkx_paths.py EDGES QUERIES LENGTHS

EDGES is generate.py's edges.txt, QUERIES its queries.txt. On an unweighted graph
networkx.shortest_path runs a bidirectional breadth-first search. Each query is timed
alone; writes each route length (-1 when there is no route) to LENGTHS, one a line, and
prints the median and 99th percentile per query.
"""

import sys
import time

import networkx


def percentile(samples, percent):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, len(ordered) * percent // 100)]


def main():
    edge_path, query_path, length_path = sys.argv[1:4]
    with open(edge_path) as edge_file:
        screens, commands = (int(word) for word in edge_file.readline().split())
        graph = networkx.DiGraph()
        graph.add_nodes_from(range(screens))
        graph.add_edges_from(
            tuple(int(word) for word in line.split()) for line in edge_file)
    with open(query_path) as query_file:
        queries = [
            tuple(int(name[1:]) for name in line.split()) for line in query_file if line.strip()
        ]
    micros = []
    lengths = []
    clock = time.perf_counter_ns
    for start, target in queries:
        began = clock()
        try:
            length = len(networkx.shortest_path(graph, start, target)) - 1
        except networkx.NetworkXNoPath:
            length = -1
        micros.append((clock() - began) / 1000)
        lengths.append(length)
    with open(length_path, "w") as length_file:
        length_file.write("".join("%d\n" % length for length in lengths))
    print("networkx %s: %d screens, %d commands; %d queries"
          % (networkx.__version__, screens, commands, len(queries)))
    print("figures: cold_median_us=%.3f cold_p99_us=%.3f"
          % (percentile(micros, 50), percentile(micros, 99)))


if __name__ == "__main__":
    main()
