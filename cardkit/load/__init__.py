"""Files in, model values out: YAML (with source locations), spreadsheets, JSON Schema checks,
game.yaml and card files. jsonschema, PyYAML, ruamel.yaml and openpyxl are imported here and
nowhere else."""
