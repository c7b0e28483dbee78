from __future__ import annotations

from cardkit.cli import main

raise SystemExit(main())
