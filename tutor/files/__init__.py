"""Hand files, match files and the JSON Schema: YAML in, engine objects out, a line for every problem.

Imports only from :mod:`tutor.engine`.
"""
