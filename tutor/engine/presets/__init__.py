"""The rule-set presets, one TOML file each."""
