// Nothing of this feature but its page, which app/ loads by path (README, Layout).
