"""Mail in and out: the inbound gateway, receipts, composing and sending (issue 5)."""
