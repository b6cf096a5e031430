"""Developer tools that work on any registered game through `parlour.game(name)`:
`playthrough` writes the golden transcripts that ``tests/test_golden.py`` replays."""
