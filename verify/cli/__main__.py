"""``python -m verify.cli``: the same as the ``verify`` command."""
import sys

from . import main

sys.exit(main())
