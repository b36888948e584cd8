"""Mail in and out: the gateway that reads orders, and the outbox sender that delivers replies."""
