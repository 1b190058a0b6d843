import { Router } from 'express';
import type { RouterFactory } from '../../app.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { brandCardsFor, brandHubFor, followBrand, joinBrand, leaveBrand, unfollowBrand } from './brands.service.js';

export const brandsRouter: RouterFactory = () => {
  const router = Router();
  router.use('/my/brands', requireUser);

  // Before /:brandId: 'pwa' is the list, not a brand.
  router.get('/my/brands/pwa', async (req, res) => {
    res.json(await brandCardsFor(currentUser(req).id));
  });

  router.get('/my/brands/:brandId', async (req, res) => {
    res.json(await brandHubFor(currentUser(req).id, req.params.brandId));
  });

  router.post('/my/brands/:brandId/membership', async (req, res) => {
    res.json(await joinBrand(currentUser(req).id, req.params.brandId));
  });

  router.delete('/my/brands/:brandId/membership', async (req, res) => {
    res.json(await leaveBrand(currentUser(req).id, req.params.brandId));
  });

  router.post('/my/brands/:brandId/follow', async (req, res) => {
    res.json(await followBrand(currentUser(req).id, req.params.brandId));
  });

  router.delete('/my/brands/:brandId/follow', async (req, res) => {
    res.json(await unfollowBrand(currentUser(req).id, req.params.brandId));
  });

  return router;
};
