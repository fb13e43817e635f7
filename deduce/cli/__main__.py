"""``python -m deduce.cli``: the same as the ``deduce`` command."""

import sys

from deduce.cli import main

sys.exit(main())
