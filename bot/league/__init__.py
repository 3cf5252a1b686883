"""Community leagues: pairings, ratings and standings (pure logic), fed by hosted games."""
