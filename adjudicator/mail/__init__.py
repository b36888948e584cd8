"""Mail in and out: the gateway, the IMAP poller, the LMTP/SMTP listener, the outbox sender."""
