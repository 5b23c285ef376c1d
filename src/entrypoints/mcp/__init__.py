"""Agent tools: a Model Context Protocol server (the official `mcp` SDK) in front of the REST API."""
