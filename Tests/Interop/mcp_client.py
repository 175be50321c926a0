#!/usr/bin/env python3
"""Drives `routing serve` with the official MCP Python SDK (mcp 2.x): the handshake,
ping, tools/list and tools/call, as an agent would. Tests/Interop/mcp.sh runs it in a
virtual environment of its own; it exits non-zero on the first difference.

  mcp_client.py ROUTING_BINARY TABLE
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def check(condition, what):
    if not condition:
        raise SystemExit(f"mcp interop: FAILED: {what}")
    print(f"mcp interop: ok: {what}")


async def main(binary, table):
    server = StdioServerParameters(command=binary, args=["serve", table])
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            check(initialized.server_info.name == "routing", "the server is named routing")
            check(initialized.capabilities.tools is not None, "the server has tools")
            check(
                initialized.protocol_version == "2025-11-25",
                f"protocol version {initialized.protocol_version}",
            )
            await session.send_ping()
            check(True, "ping")

            listed = await session.list_tools()
            names = [tool.name for tool in listed.tools]
            check(
                names == ["route", "link", "explain", "check", "stats", "cover", "graph", "reload"],
                f"tools {names}",
            )
            check(
                all(tool.input_schema.get("type") == "object" for tool in listed.tools),
                "every tool has an object schema",
            )

            routed = await session.call_tool(
                "route", {"stack": ["Menu"], "to": "Chat", "parameters": {"userId": "2"}}
            )
            check(not routed.is_error, "route Menu -> Chat")
            check(
                routed.structured_content["stack"][-1]["screen"] == "Chat",
                "the route ends on Chat",
            )
            check(
                json.loads(routed.content[0].text) == routed.structured_content,
                "the text content is the structured content",
            )

            failed = await session.call_tool("route", {"stack": ["Menu"], "to": "Chatt"})
            error = failed.structured_content["error"]
            check(failed.is_error, "an unknown screen is a tool error")
            check(
                error["kind"] == "unknownScreen" and error["suggestion"] == "Chat",
                "it suggests Chat",
            )
            check("did you mean 'Chat'" in failed.content[0].text, "the text says so")

            bad = await session.call_tool("route", {"stack": [], "to": "Chat"})
            check(bad.is_error, "an empty stack is a tool error")

            linked = await session.call_tool("link", {"stack": ["Menu"], "link": "app://chat/2"})
            check(
                not linked.is_error and linked.structured_content["link"]["to"] == "Chat",
                "link app://chat/2",
            )
            graph = await session.call_tool("graph", {"format": "mermaid"})
            check(
                graph.structured_content["text"].find("flowchart") >= 0, "graph as Mermaid"
            )
            checked = await session.call_tool("check", {})
            check(checked.structured_content["errors"] == 0, "check finds no error")
            stats = await session.call_tool("stats", {"maxDepth": 3})
            check(stats.structured_content["tooDeep"] == {}, "stats: nothing deeper than 3")
            cover = await session.call_tool("cover", {})
            check(
                len(cover.structured_content["cases"]) > 0
                and cover.structured_content["uncovered"] == [],
                "cover takes every command",
            )
            reloaded = await session.call_tool("reload", {})
            check(not reloaded.is_error, "reload")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
