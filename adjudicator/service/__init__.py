"""Application services: games, submissions, adjudication, GM tools (the CLI and mail call these)."""
