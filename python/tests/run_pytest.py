"""Runs this directory's pytest suite for ctest; exit 77 (skipped) without pytest."""
import os
import sys

try:
    import pytest
except ImportError:
    print("python: skipped: pytest is not installed for %s (Debian: python3-pytest)" % sys.executable)
    sys.exit(77)

here = os.path.dirname(os.path.abspath(__file__))
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", here] + sys.argv[1:]))
