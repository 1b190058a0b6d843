import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/auth/login-screen';
import { assetUrl } from '../lib/api';
import { prefetchMyGear } from '../lib/device/gear-queries';
import { preloadImage } from '../lib/preload/preload-image';
import type { Session } from '../lib/session/session';
import { requireMember } from './guards';
import { AdminLayout } from './layouts/admin-layout';
import { RootLayout, Splash, type RouteHandle } from './layouts/root-layout';
import { TabLayout } from './layouts/tab-layout';
import { RouteError } from './route-error';

// Every route of SPEC section 2. Login is in the first bundle (it is the first screen a visitor
// sees); everything else loads on demand, so a later feature's weight never slows the first paint.

const RewardMoments = lazy(async () => ({ default: (await import('../features/rewards/reward-moments')).RewardMoments }));

export function appRoutes({ session, queryClient }: { session: Session; queryClient: QueryClient }): RouteObject[] {
  const member = requireMember(session);
  const adminHandle: RouteHandle = { allowWide: true };
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Splash />,
      children: [
        { path: '/login', element: <LoginScreen /> },
        { path: '/signup', lazy: async () => ({ Component: (await import('../features/signup/signup-screen')).SignupScreen }) },
        {
          element: <AdminLayout />,
          handle: adminHandle,
          children: [
            { path: '/admin', lazy: async () => ({ Component: (await import('../features/admin/admin-screen')).AdminScreen }) },
            {
              loader: member,
              children: [
                {
                  path: '/dashboard',
                  lazy: async () => ({ Component: (await import('../features/admin/dashboard-screen')).DashboardScreen }),
                },
                {
                  // Brand analytics (route not in the spec): signed-in members reach it, the screen shows it to admins only.
                  path: '/analytics',
                  lazy: async () => ({ Component: (await import('../features/analytics/analytics-screen')).AnalyticsScreen }),
                },
              ],
            },
          ],
        },
        {
          element: <TabLayout />,
          children: [
            {
              path: '/profile/:username',
              lazy: async () => ({ Component: (await import('../features/profile/public-profile-screen')).PublicProfileScreen }),
            },
            {
              loader: member,
              children: [
                { path: '/', lazy: async () => ({ Component: (await import('../features/brands/brand-list-screen')).BrandListScreen }) },
                {
                  path: '/brandhub',
                  lazy: async () => ({ Component: (await import('../features/brands/brand-list-screen')).BrandListScreen }),
                },
                {
                  path: '/brandhub/:brandId',
                  // The hub's Quests tab is the quests feature's: the two features meet here, not in each other's files.
                  lazy: async () => {
                    const [{ BrandHubScreen }, { QuestBoard }] = await Promise.all([
                      import('../features/brands/brand-hub-screen'),
                      import('../features/quests/quest-board'),
                    ]);
                    return { Component: () => <BrandHubScreen QuestsPanel={QuestBoard} /> };
                  },
                },
                {
                  path: '/profile',
                  // The gear loads alongside the profile and the screen's code rather than after them, and
                  // the banner (the screen's largest paint) as soon as the profile names it.
                  loader: () => {
                    prefetchMyGear(queryClient, session.getToken());
                    void session.loadProfile().then((load) => {
                      if (load.status === 'loaded' && load.user.banner) preloadImage(assetUrl(load.user.banner));
                    });
                    return null;
                  },
                  // The daily reward and what gear claims brought are the rewards feature's, shown once the own
                  // profile has loaded; their code (with XState) loads then too, off the profile's first paint.
                  lazy: async () => {
                    const { ProfileScreen } = await import('../features/profile/profile-screen');
                    return {
                      Component: () => (
                        <ProfileScreen
                          afterLoad={
                            <Suspense fallback={null}>
                              <RewardMoments />
                            </Suspense>
                          }
                        />
                      ),
                    };
                  },
                },
                {
                  path: '/profile/edit',
                  lazy: async () => ({ Component: (await import('../features/profile/edit-profile-screen')).EditProfileScreen }),
                },
                { path: '/notice', lazy: async () => ({ Component: (await import('../features/notices/notices-screen')).NoticesScreen }) },
                {
                  path: '/quests-modal-demo',
                  lazy: async () => ({ Component: (await import('../features/quests/quests-modal-demo-screen')).QuestsModalDemoScreen }),
                },
                {
                  path: '/quest-details-demo',
                  lazy: async () => ({ Component: (await import('../features/quests/quest-details-demo-screen')).QuestDetailsDemoScreen }),
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ];
}
