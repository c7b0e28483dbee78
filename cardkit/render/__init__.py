"""Drawing cards and sheets. Only pdf.py imports reportlab; units and imposition are pure."""
