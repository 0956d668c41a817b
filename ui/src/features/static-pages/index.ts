// Nothing of this feature but its pages, which app/ loads by path (README, Layout).
